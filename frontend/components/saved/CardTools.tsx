import { CompareToggle } from "./CompareToggle";
import { SaveButton } from "./SaveButton";

/**
 * A vehicle card's own buttons, over its picture and above the link that covers the card,
 * named with the derivative too, as a grid often holds several of one model.
 */
export function CardTools({ vehicle }: { vehicle: { id: string; title: string; derivative?: string } }) {
  const name = [vehicle.title, vehicle.derivative].filter(Boolean).join(" ");
  return (
    <div className="card-tools">
      <CompareToggle id={vehicle.id} name={name} />
      <SaveButton id={vehicle.id} name={name} />
    </div>
  );
}
