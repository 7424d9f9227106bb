/** A labelled drop-down of the staff pages: its options, and an empty "any" first where none is a choice. */
export function Choice({
  id,
  name,
  label,
  options,
  defaultValue,
  none,
  problemId,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  /** The words for choosing none ("Any", "Nobody yet"). */
  none?: string;
  /** The element saying what is wrong with the choice sent, when something is. */
  problemId?: string;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        {...(problemId ? { "aria-invalid": true, "aria-describedby": problemId } : {})}
      >
        {none !== undefined && <option value="">{none}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
