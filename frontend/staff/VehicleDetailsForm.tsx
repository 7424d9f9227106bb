import { Form } from "react-router";
import { HAND_EDITABLE_SPEC, type HandEditableField } from "../../domain/hand-editable-fields";
import { Field } from "../components/forms/form-parts";

const LABELS: Record<HandEditableField, string> = {
  description: "Description",
  ...(Object.fromEntries(HAND_EDITABLE_SPEC.map(({ field, label }) => [field, label])) as Record<
    Exclude<HandEditableField, "description">,
    string
  >),
};

/**
 * The description and spec, corrected by hand on the vehicle's console page. A field changed
 * here is marked "changed by hand" and kept through feed imports; ticking "let the feed set
 * it" clears the mark, so the next feed's value stands.
 */
export function VehicleDetailsForm({
  csrf,
  fields,
  error,
  busy,
}: {
  csrf: string;
  fields: { field: HandEditableField; value: string; byHand: boolean }[];
  error?: { field: string; problem: string };
  busy: boolean;
}) {
  return (
    <Form method="post" className="staff-form">
      <h2>Description and spec</h2>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="details" />
      <p>What you change here is kept when the next feed arrives, until you let the feed set it again.</p>
      {fields.map(({ field, value, byHand }) => (
        <div key={`${field}-${value}`} className="hand-edit">
          <Field
            id={`vehicle-${field}`}
            name={field}
            label={LABELS[field]}
            defaultValue={value}
            multiline={field === "description"}
            maxLength={field === "description" ? 4000 : 160}
            hint={byHand ? "Changed by hand: feeds leave it as it is." : undefined}
            error={error?.field === field ? error.problem : undefined}
          />
          {byHand && (
            <div className="staff-filters__check">
              <input id={`unmark-${field}`} name="unmark" type="checkbox" value={field} />
              <label htmlFor={`unmark-${field}`}>Let the feed set {LABELS[field].toLowerCase()} again</label>
            </div>
          )}
        </div>
      ))}
      <button type="submit" className="button" disabled={busy}>
        Save description and spec
      </button>
    </Form>
  );
}
