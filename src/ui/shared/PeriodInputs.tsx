/** The first and last day of the period a form asks about: its `from` and `to` fields, each with its label. */
export function PeriodInputs({ labels, from, to }: { readonly labels: { readonly from: string; readonly to: string }; readonly from: string; readonly to: string }) {
  return (
    <>
      <label>
        {labels.from}
        <input type="date" name="from" defaultValue={from} />
      </label>
      <label>
        {labels.to}
        <input type="date" name="to" defaultValue={to} />
      </label>
    </>
  );
}
