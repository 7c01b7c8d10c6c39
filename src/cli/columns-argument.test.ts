import { describe, expect, it } from 'vitest';
import { parseColumnsArgument, parseFieldsArgument } from './columns-argument';

describe('parseColumnsArgument', () => {
  it('reads names and types, text when no type is given', () => {
    expect(parseColumnsArgument('date:date, amount:Number, note')).toEqual({
      columns: [
        { name: 'date', type: 'date' },
        { name: 'amount', type: 'number' },
        { name: 'note', type: 'text' },
      ],
    });
    expect(parseColumnsArgument('note:')).toEqual({ columns: [{ name: 'note', type: 'text' }] });
  });

  it('names the column whose type does not exist, and the types there are', () => {
    expect(parseColumnsArgument('date:date,amount:money')).toEqual({
      problem:
        'Column "amount" has the type "money"; column types are text, number, date, boolean.',
    });
  });

  it('says when no column has a name, or two share one', () => {
    expect(parseColumnsArgument(' , ')).toEqual({
      problem: 'At least one valid column name is required',
    });
    expect(parseColumnsArgument('a,A')).toEqual({
      problem: 'Column names must be different from each other.',
    });
  });
});

describe('parseFieldsArgument', () => {
  it('reads fields as --columns reads columns', () => {
    expect(parseFieldsArgument('invoice_number, date:date, total:Number')).toEqual({
      fields: [
        { name: 'invoice_number', type: 'text' },
        { name: 'date', type: 'date' },
        { name: 'total', type: 'number' },
      ],
    });
  });

  it('names the field with a wrong type, and says when none is named or two share a name', () => {
    expect(parseFieldsArgument('total:money')).toEqual({
      problem: 'Field "total" has the type "money"; field types are text, number, date, boolean.',
    });
    expect(parseFieldsArgument(' , ')).toEqual({
      problem: 'Give at least one field name with --fields.',
    });
    expect(parseFieldsArgument('total,Total')).toEqual({
      problem: 'Field names must be different from each other.',
    });
  });
});
