# The table on standard output; the cells flagged for review, with their reasons, on standard error
npx rowsmith extract statement.csv --columns "date:date,description,amount:number" --flagged

# Each cell's confidence, flag, reasons and evidence beside the rows
npx rowsmith extract statement.csv --columns "date:date,description,amount:number" --format json --cells

# A reference table you checked by hand (the rows the statement really holds)...
printf 'Date,Description,Amount\n2026-01-02,Coffee,-3.20\n' > expected.csv

# ...and a run scored against it: rows found, accuracy per column, per confidence band and flag
npx rowsmith eval statement.csv --reference expected.csv --columns "date:date,description,amount:number"
