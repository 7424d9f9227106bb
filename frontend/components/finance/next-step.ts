/** What happens after an application, and when, as the enquiries say it. */
export function financeNextStep(vehicle: { make: string; model: string }, vehicleInStock: boolean, replyTime: string): string {
  return vehicleInStock
    ? `We will be in touch about finance for the ${vehicle.make} ${vehicle.model} ${replyTime}.`
    : `The ${vehicle.make} ${vehicle.model} has just been sold, so we will be in touch about similar vehicles ${replyTime}.`;
}
