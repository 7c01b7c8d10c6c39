import { useId } from 'react';
import type { JobDocument } from '../../../../shared/jobs';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';

export const ALL_DOCUMENTS = 'all';

type DocumentFilterProps = {
  documents: JobDocument[];
  value: string;
  onChange: (value: string) => void;
};

/** Which rows the table shows: every document's, or one document's. */
export function DocumentFilter({ documents, value, onChange }: DocumentFilterProps) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5 sm:w-72">
      <Label htmlFor={id}>Show rows from</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_DOCUMENTS}>All documents</SelectItem>
          {documents.map((document) => (
            <SelectItem key={document.id} value={document.id}>
              {document.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
