/** A table's head: one row of column headers, each `<th scope="col">`, in the given order (each label once). */
export function ColumnHeads({ labels }: { readonly labels: ReadonlyArray<string> }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
