import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { VehicleDialogLeadKind } from "../../../domain/lead-kinds";
import { clockText, dayText, minutesOf, openingHoursText, type BookableDay } from "../../../domain/opening-hours";
import {
  BEST_TIMES,
  CONTACT_METHODS,
  enquiryOpening,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  LICENCE_CONFIRMATION,
} from "../../../domain/vehicle-lead-wording";
import { Checkbox, Choices, ErrorSummary, Field, Select, SendFailed, useFormInPlace, type FormErrors } from "../forms/form-parts";
import { leadReplyTimeOf, useDealer } from "../use-dealer";
import { LEAD_FORMS, leadFormPath, type LeadFormVehicle, type LeadOutcome } from "./lead-forms";

interface VehicleLeadFormProps {
  kind: VehicleDialogLeadKind;
  vehicle: LeadFormVehicle;
  /** The days a test drive can be booked, from the showroom's hours. */
  days?: readonly BookableDay[];
  /** What the form's page answered a plain form post: the values and problems to show. */
  initial?: LeadOutcome;
}

/**
 * One of the vehicle page's forms. With JavaScript it is checked with the server's schema
 * and sent in place to its own page's action, and the confirmation shown here; without,
 * it is a plain form posted there.
 */
export function VehicleLeadForm({ kind, vehicle, days = [], initial }: VehicleLeadFormProps) {
  const dealer = useDealer();
  const { fetcher, outcome, errors, values, summaryRef, submit, prepare } = useFormInPlace(
    kind,
    leadFormPath(vehicle.id, kind),
    initial,
    dealer,
  );
  const doneRef = useRef<HTMLDivElement>(null);
  const form = LEAD_FORMS[kind];
  const sent = fetcher.data?.ok ? fetcher.data : undefined;

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div ref={doneRef} tabIndex={-1} className="lead-form__done">
        <LeadConfirmation kind={kind} reference={sent.reference} vehicle={vehicle} vehicleInStock={sent.vehicleInStock} />
      </div>
    );
  }
  const id = (field: string) => `${kind}-${field}`;
  const common = (field: string) => ({ id: id(field), name: field, error: errors[field], defaultValue: values[field] });
  return (
    <form method="post" action={leadFormPath(vehicle.id, kind)} noValidate onSubmit={submit} onFocus={prepare} className="lead-form">
      <ErrorSummary errors={errors} idOf={id} ref={summaryRef} />
      {outcome && "failed" in outcome && <SendFailed />}
      {/* For the check in the browser; the page's action takes the vehicle from its own address. */}
      <input type="hidden" name="vehicleId" value={vehicle.id} />
      <Field {...common("name")} label="Full name" autoComplete="name" />
      {kind === "enquiry" && (
        <>
          <Field
            {...common("email")}
            type="email"
            label="Email address"
            autoComplete="email"
            optional
            hint="Give an email address or a phone number, or both."
          />
          <Field {...common("phone")} type="tel" label="Phone number" autoComplete="tel" optional />
          <Choices
            {...common("contactMethod")}
            legend="How should we reply?"
            hint="For when you give both; otherwise we reply the way you gave."
            options={CONTACT_METHODS}
            defaultValue={values.contactMethod ?? "email"}
          />
          <Field
            {...common("message")}
            label="Your message"
            multiline
            maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
            defaultValue={values.message ?? enquiryOpening(vehicle)}
          />
        </>
      )}
      {kind === "test-drive" && (
        <>
          <Field {...common("phone")} type="tel" label="Phone number" autoComplete="tel" />
          <Field
            {...common("email")}
            type="email"
            label="Email address"
            autoComplete="email"
            optional
            hint="For a confirmation by email too."
          />
          <TestDriveSlot days={days} errors={errors} day={values.day} time={values.time} />
          <Checkbox
            id={id("licence")}
            name="licence"
            label={LICENCE_CONFIRMATION}
            error={errors.licence}
            defaultChecked={values.licence === "yes"}
          />
        </>
      )}
      {kind === "call-back" && (
        <>
          <Field {...common("phone")} type="tel" label="Phone number" autoComplete="tel" />
          <Choices {...common("bestTime")} legend="When is best to call?" options={BEST_TIMES} defaultValue={values.bestTime ?? "any"} />
        </>
      )}
      <p className="lead-form__privacy">
        We use these details only to answer you about this vehicle. See our <Link to="/privacy">privacy policy</Link>.
      </p>
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Sending…" : form.submit}
      </button>
    </form>
  );
}

/** The day, then the times of that day; without JavaScript, every time any day offers, checked by the server. */
function TestDriveSlot({
  days,
  errors,
  day: initialDay,
  time,
}: {
  days: readonly BookableDay[];
  errors: FormErrors;
  day?: string;
  time?: string;
}) {
  const [day, setDay] = useState(initialDay ?? "");
  const chosen = days.find(({ date }) => date === day);
  const times = chosen?.times ?? [...new Set(days.flatMap(({ times: offered }) => offered))].sort();
  return (
    <div className="lead-form__slot">
      <Select
        id="test-drive-day"
        name="day"
        label="Day"
        options={days.map(({ date }) => [date, dayText(date)])}
        error={errors.day}
        value={day}
        onChange={setDay}
      />
      <Select
        id="test-drive-time"
        name="time"
        label="Time"
        options={times.map((start) => [start, clockText(minutesOf(start)!)])}
        error={errors.time}
        defaultValue={time}
      />
    </div>
  );
}

interface LeadConfirmationProps {
  kind: VehicleDialogLeadKind;
  reference: string;
  vehicle: LeadFormVehicle;
  vehicleInStock: boolean;
}

/** The reference to quote and what happens next, with the showroom's hours; and, for a vehicle sold meanwhile, that it was. */
export function LeadConfirmation({ kind, reference, vehicle, vehicleInStock }: LeadConfirmationProps) {
  const dealer = useDealer();
  const { thanks, next } = LEAD_FORMS[kind];
  return (
    <div className="notice notice--done lead-confirmation" role="status">
      <p>
        <strong>{thanks}.</strong> Your reference is <strong>{reference}</strong>.
      </p>
      {!vehicleInStock && (
        <p>
          The {vehicle.make} {vehicle.model} has just been sold, so we will tell you about similar vehicles instead.
        </p>
      )}
      <p>
        {next} {leadReplyTimeOf(dealer)}; we are open {openingHoursText(dealer)}.
      </p>
    </div>
  );
}
