import type { Car, Vehicle, WithContext } from "schema-dts";
import type { Dealer } from "../../../domain/dealer";
import { postalAddress } from "../../../domain/dealer-address";
import { priceExcludesVat } from "../../../domain/finance";
import type { VehicleRecord } from "../../../domain/vehicle";
import { shownImages } from "../../../domain/vehicle-photos";

/**
 * The vehicle as schema.org describes it (a Car, or a Vehicle for vans and trucks) with its
 * Offer, so search engines can show price, mileage and availability. Typed by schema-dts,
 * which is generated from the schema.org vocabulary, so a property schema.org does not
 * define for these types, or a value of the wrong kind, fails the type check.
 */
export function vehicleStructuredData(record: VehicleRecord, pageUrl: string, dealer: Dealer): WithContext<Car> | WithContext<Vehicle> {
  const { vehicle, adverts } = record;
  const images = shownImages(record);
  const absolute = (href: string) => new URL(href, pageUrl).href;
  const price = adverts.retailAdverts.totalPrice.amountGBP.toFixed(2);
  return {
    "@context": "https://schema.org",
    "@type": vehicle.vehicleType === "car" ? "Car" : "Vehicle",
    name: [vehicle.make, vehicle.model, vehicle.derivative].filter(Boolean).join(" "),
    url: pageUrl,
    brand: { "@type": "Brand", name: vehicle.make },
    model: vehicle.model,
    ...(images.length > 0 && { image: images.map((image) => absolute(image.href)) }),
    itemCondition: `https://schema.org/${vehicle.ownershipCondition === "New" ? "NewCondition" : "UsedCondition"}`,
    ...(vehicle.yearOfManufacture !== undefined && { productionDate: String(vehicle.yearOfManufacture) }),
    ...(vehicle.odometerReadingMiles !== undefined && {
      mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.odometerReadingMiles, unitCode: "SMI" },
    }),
    ...(vehicle.fuelType && { fuelType: vehicle.fuelType }),
    ...(vehicle.transmissionType && { vehicleTransmission: vehicle.transmissionType }),
    ...(vehicle.bodyType && { bodyType: vehicle.bodyType }),
    ...(vehicle.colour && { color: vehicle.colour }),
    ...(adverts.retailAdverts.description && { description: adverts.retailAdverts.description }),
    ...(vehicle.doors !== undefined && { numberOfDoors: vehicle.doors }),
    ...(vehicle.seats !== undefined && { seatingCapacity: vehicle.seats }),
    ...(vehicle.engineSize !== undefined && {
      vehicleEngine: {
        "@type": "EngineSpecification",
        engineDisplacement: { "@type": "QuantitativeValue", value: vehicle.engineSize, unitCode: "LTR" },
      },
    }),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      price,
      priceCurrency: "GBP",
      // A commercial vehicle's price is often before VAT: say so, or it reads as the full price.
      ...(priceExcludesVat(adverts.retailAdverts.vatStatus) && {
        priceSpecification: { "@type": "PriceSpecification", price, priceCurrency: "GBP", valueAddedTaxIncluded: false },
      }),
      availability: "https://schema.org/InStock",
      seller: {
        "@type": "AutoDealer",
        name: dealer.name,
        telephone: dealer.phone,
        address: {
          "@type": "PostalAddress",
          streetAddress: dealer.address.lines.join(", "),
          addressLocality: dealer.address.town,
          postalCode: dealer.address.postcode,
          addressCountry: "GB",
        },
        description: postalAddress(dealer),
      },
    },
  };
}
