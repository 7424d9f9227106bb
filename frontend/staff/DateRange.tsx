/** A staff filter's pair of dates, `from` and `to`, each kept from the address it was read from. */
export function DateRange({ idPrefix, label, params }: { idPrefix: string; label: string; params: URLSearchParams }) {
  return (
    <>
      <div className="staff-filters__field">
        <label htmlFor={`${idPrefix}-from`}>{label}</label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={params.get("from") ?? ""} />
      </div>
      <div className="staff-filters__field">
        <label htmlFor={`${idPrefix}-to`}>to</label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={params.get("to") ?? ""} />
      </div>
    </>
  );
}
