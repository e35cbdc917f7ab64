import { memo, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { GRID_CELL } from './grid-cell.ts';

// The cells of the entry grids render again only when their own props change: a keystroke in one
// cell of a row leaves the row's other inputs and selects alone (issue 13). Pass stable handlers.

export const GridInput = memo(function GridInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...GRID_CELL} {...props} />;
});

export const GridSelect = memo(function GridSelect({ options, placeholder, ...props }: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly string[]; placeholder: string;
}) {
  return (
    <select {...GRID_CELL} {...props}>
      <option value="">{placeholder}</option>
      {options.map((option) => <option key={option} value={option}>{option}</option>)}
    </select>
  );
});
