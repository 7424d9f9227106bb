import { Form } from "react-router";

/** Reserving a vehicle (a deposit taken) or releasing it, on its console page. */
export function VehicleReservation({ csrf, reserved, busy }: { csrf: string; reserved: boolean; busy: boolean }) {
  return (
    <Form method="post" className="staff-form">
      <h2>{reserved ? "Reserved" : "Reserve"}</h2>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={reserved ? "release" : "reserve"} />
      <p>
        {reserved
          ? "Buyers see “Reserved” on its card and page; it stays in the search, after the vehicles they can have, until you release it."
          : "Taken a deposit? Reserving keeps the vehicle on the site marked “Reserved”, after the vehicles buyers can have."}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {reserved ? "Release: for sale again" : "Reserve"}
      </button>
    </Form>
  );
}
