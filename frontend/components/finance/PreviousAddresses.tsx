import { previousAddressFields } from "./application-steps";
import { ApplicationFields, type ApplicationValues } from "./ApplicationFields";

interface PreviousAddressesProps {
  /** How many to ask for (previousAddressesAsked). */
  asked: number;
  values: ApplicationValues;
  errors: Partial<Record<string, string>>;
  onChange?: (name: string, value: string) => void;
}

/** The addresses before the current one, each in a group of its own, asked until three years are covered; all optional. */
export function PreviousAddresses({ asked, values, errors, onChange }: PreviousAddressesProps) {
  return Array.from({ length: asked }, (_, index) => (
    <fieldset key={index} className="application-previous-address" aria-describedby={index === 0 ? "previous-address-hint" : undefined}>
      <legend>
        {index === 0 ? "Your previous address" : "The address before that"}
        <span className="application-field__optional"> (optional)</span>
      </legend>
      {index === 0 && (
        <p id="previous-address-hint" className="application-field__hint">
          Lenders ask where you have lived for the last three years. Giving it now saves a call later.
        </p>
      )}
      <ApplicationFields fields={previousAddressFields(index)} values={values} errors={errors} onChange={onChange} />
    </fieldset>
  ));
}
