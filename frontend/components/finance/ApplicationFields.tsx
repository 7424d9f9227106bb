import type { FieldSpec } from "./application-steps";

export type ApplicationValues = Partial<Record<string, string>>;

interface ApplicationFieldsProps {
  fields: readonly FieldSpec[];
  values: ApplicationValues;
  errors: Partial<Record<string, string>>;
  /** Absent in the one-page form, whose fields the browser keeps. */
  onChange?: (name: string, value: string) => void;
}

/**
 * The fields of one step (or, in the one-page form, of every step): a label, any hint, the
 * control, and the problem with it right beside it, tied together for screen readers.
 */
export function ApplicationFields({ fields, values, errors, onChange }: ApplicationFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const id = `application-${field.name}`;
        const error = errors[field.name];
        const described = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
        const common = {
          name: field.name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": described,
        } as const;
        const value = values[field.name] ?? "";
        const change = onChange && ((event: { target: { value: string } }) => onChange(field.name, event.target.value));

        if (field.kind === "choice") {
          return (
            <fieldset key={field.name} className="application-field application-choice" aria-describedby={described}>
              <legend>{field.label}</legend>
              {error && <FieldError id={`${id}-error`} message={error} />}
              <div className="application-choice__options">
                {field.options!.map((option, i) => (
                  <label key={option} className="application-choice__option">
                    <input
                      type="radio"
                      {...common}
                      id={i === 0 ? id : undefined}
                      value={option}
                      {...(change ? { checked: value === option, onChange: change } : { defaultChecked: value === option })}
                    />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={field.name} className="application-field">
            <label htmlFor={id}>
              {field.label}
              {field.optional && <span className="application-field__optional"> (optional)</span>}
            </label>
            {field.hint && (
              <p id={`${id}-hint`} className="application-field__hint">
                {field.hint}
              </p>
            )}
            {error && <FieldError id={`${id}-error`} message={error} />}
            <input
              id={id}
              {...common}
              type={field.kind === "whole-number" ? "text" : field.kind}
              inputMode={field.kind === "whole-number" ? "numeric" : undefined}
              autoComplete={field.autoComplete}
              {...(change ? { value, onChange: change } : { defaultValue: value })}
            />
          </div>
        );
      })}
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="application-field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}
