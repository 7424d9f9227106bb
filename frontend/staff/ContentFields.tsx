import { Field, FieldError } from "../components/forms/form-parts";
import { toLondonTime, valueAt, type FormField } from "./content-form";

export interface PhotoChoice {
  /** "id:width:height", as the form posts it back. */
  value: string;
  label: string;
}

interface FieldsProps {
  fields: readonly FormField[];
  body: unknown;
  errors: Record<string, string>;
  photos: readonly PhotoChoice[];
  prefix?: string;
}

/** The inputs of one document's form (content-form.ts), filled from `body`, each problem beside its input. */
export function ContentFields({ fields, body, errors, photos, prefix = "" }: FieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <OneField key={field.name} field={field} body={body} errors={errors} photos={photos} path={`${prefix}${field.name}`} />
      ))}
    </>
  );
}

const idOf = (path: string) => `content-${path.replaceAll(".", "-")}`;

function OneField({ field, body, errors, photos, path }: { field: FormField; path: string } & Omit<FieldsProps, "fields" | "prefix">) {
  const value = valueAt(body, path);
  const error = errors[path];
  switch (field.type) {
    case "group":
      return (
        <fieldset className="content-group">
          <legend>{field.label}</legend>
          {error && <FieldError id={`${idOf(path)}-error`} message={error} />}
          <ContentFields fields={field.fields} body={body} errors={errors} photos={photos} prefix={`${path}.`} />
        </fieldset>
      );
    case "list": {
      const items = Array.isArray(value) ? value : [];
      // One spare entry to add with.
      const count = items.length + 1;
      return (
        <fieldset className="content-group">
          <legend>{field.label}</legend>
          {error && <FieldError id={`${idOf(path)}-error`} message={error} />}
          <p className="application-field__hint">Empty an entry's fields to remove it; fill in the last to add one.</p>
          <input type="hidden" name={`${path}.count`} value={count} />
          {Array.from({ length: count }, (_, i) => (
            <fieldset key={i} className="content-item">
              <legend>{i < items.length ? `${field.item} ${i + 1}` : `New ${field.item.toLowerCase()}`}</legend>
              <ContentFields fields={field.fields} body={body} errors={errors} photos={photos} prefix={`${path}.${i}.`} />
            </fieldset>
          ))}
        </fieldset>
      );
    }
    case "checkbox":
      return (
        <div className="staff-filters__check">
          <input id={idOf(path)} name={path} type="checkbox" defaultChecked={value === true} />
          <label htmlFor={idOf(path)}>{field.label}</label>
        </div>
      );
    case "datetime":
      return (
        <div className="application-field">
          <label htmlFor={idOf(path)}>{field.label}</label>
          {field.hint && (
            <p id={`${idOf(path)}-hint`} className="application-field__hint">
              {field.hint}
            </p>
          )}
          {error && <FieldError id={`${idOf(path)}-error`} message={error} />}
          <input
            id={idOf(path)}
            name={path}
            type="datetime-local"
            defaultValue={toLondonTime(value as string | undefined)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[field.hint && `${idOf(path)}-hint`, error && `${idOf(path)}-error`].filter(Boolean).join(" ") || undefined}
          />
        </div>
      );
    case "photo": {
      const photo = (value ?? {}) as { id?: string; width?: number; height?: number; alt?: string };
      const chosen = photo.id ? `${photo.id}:${photo.width}:${photo.height}` : "";
      const choices =
        chosen && !photos.some((choice) => choice.value === chosen) ? [{ value: chosen, label: photo.id! }, ...photos] : photos;
      const problem = error ?? errors[`${path}.id`];
      return (
        <fieldset className="content-group">
          <legend>{field.label}</legend>
          {problem && <FieldError id={`${idOf(path)}-error`} message={problem} />}
          <label htmlFor={idOf(`${path}.id`)}>Photo from the photo library</label>
          <select id={idOf(`${path}.id`)} name={`${path}.id`} defaultValue={chosen}>
            <option value="">No photo</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <Field
            id={idOf(`${path}.alt`)}
            name={`${path}.alt`}
            label="What the photo shows"
            hint="Read out in its place to people who cannot see it. Required with a photo."
            defaultValue={photo.alt ?? ""}
            error={errors[`${path}.alt`]}
          />
        </fieldset>
      );
    }
    default: {
      const text = field.type === "lines" ? (Array.isArray(value) ? value.join("\n") : "") : value === undefined ? "" : String(value);
      return (
        <Field
          id={idOf(path)}
          name={path}
          label={field.label}
          hint={field.hint}
          defaultValue={text}
          error={error}
          type={field.type === "date" ? "date" : "text"}
          multiline={field.type === "markdown" || field.type === "longText" || field.type === "lines"}
        />
      );
    }
  }
}
