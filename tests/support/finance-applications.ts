/** A complete, valid application: each test changes only what it is about. */
export function validApplication(): Record<string, unknown> {
  return {
    licenseType: "Full UK",
    firstName: "Siobhán",
    surname: "O'Neill-Smith",
    phone: "07700 900123",
    email: "siobhan@example.com",
    dob: "1990-04-23",
    maritalStatus: "Married",
    residentialStatus: "Homeowner",
    address1: "14 Wapping Quay",
    city: "Liverpool",
    postcode: "l34bp",
    occupationalStatus: "Full-Time Employment",
    employer: "Mersey Ferries",
    jobTitle: "Engineer",
    workYears: 4,
    workMonths: "6",
    netIncome: "2450",
    vehicleId: "fiesta-2019",
    vehicleDetails: { make: "Ford", model: "Fiesta", registration: "MA19 ABC", mileage: 32000 },
  };
}
