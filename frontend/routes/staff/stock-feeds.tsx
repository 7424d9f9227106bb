import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CHANNEL_IDS, type ChannelId } from "../../../backend/feeds-out/channel";
import { storeCodeSchema } from "../../../backend/feeds-out/feed-settings";
import { hasRole } from "../../../backend/staff/permissions";
import { formatCount } from "../../../domain/format";
import { VEHICLE_NOUNS, VEHICLE_TYPES, type VehicleType } from "../../../domain/vehicle-types";
import { Pagination } from "../../components/Pagination";
import { Field } from "../../components/forms/form-parts";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-feeds";

export function meta() {
  return staffPageMeta("Feeds");
}

const PAGE = "/staff/stock/feeds";
const LEFT_OUT_PAGE_SIZE = 50;

const listQuerySchema = z.object({
  channel: z.enum(CHANNEL_IDS).catch("google"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** What goes out to each advertising channel, what is left out and why; the dealer's choices and the feeds' addresses. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const { feeds } = staffOf(context).services;
  const { channel, page } = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [overview, leftOut] = await asMember(() =>
    Promise.all([feeds.overview(member), feeds.leftOut(member, channel, page, LEFT_OUT_PAGE_SIZE)]),
  );
  return {
    csrf: member.session.csrfToken,
    admin: hasRole(member.account.role, "admin"),
    storeCode: overview.settings.storeCode,
    channels: overview.summaries.map((summary) => ({
      ...summary,
      types: overview.settings.channels[summary.id].types,
      leaveOutReserved: overview.settings.channels[summary.id].leaveOutReserved,
      secretSince: overview.settings.channels[summary.id].tokenSetAt,
    })),
    listed: { channel, page, ...leftOut },
  };
}

const channelSchema = z.enum(CHANNEL_IDS, { error: "Choose a channel" });

/** Each form on the page, told apart by its `intent`; the role each needs is checked again by the feed desk. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const intent = formText(form, "intent");
  if (intent === "store-code") {
    const storeCode = storeCodeSchema.safeParse(formText(form, "storeCode"));
    if (!storeCode.success) return data({ problem: storeCode.error.issues[0]!.message, field: "storeCode" }, { status: 400 });
    await asMember(() => services.feeds.setStoreCode(member, address, storeCode.data));
    return { done: `The store code is now ${storeCode.data}.` };
  }
  const channel = channelSchema.safeParse(formText(form, "channel"));
  if (!channel.success) return data({ problem: "Choose a channel" }, { status: 400 });
  const id: ChannelId = channel.data;
  switch (intent) {
    case "choose": {
      const types = form.getAll("types").filter((type): type is VehicleType => VEHICLE_TYPES.includes(type as VehicleType));
      await asMember(() => services.feeds.choose(member, address, id, { types, leaveOutReserved: form.get("leaveOutReserved") === "yes" }));
      return { done: "Saved: the feed holds the vehicles you chose from now on." };
    }
    case "new-address": {
      const feedAddress = await asMember(() => services.feeds.newAddress(member, address, id));
      return {
        done: "The feed's new address is below: copy it into the channel now, as it is shown only this once.",
        feedAddress,
        channel: id,
      };
    }
    case "switch-off":
      await asMember(() => services.feeds.switchOff(member, address, id));
      return { done: "The feed is off: its address answers nothing now." };
    default:
      return data({ problem: "That form is not one this page knows" }, { status: 400 });
  }
}

type ActionData = { done?: string; problem?: string; field?: string; feedAddress?: string; channel?: ChannelId };

export default function StockFeeds({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, admin, storeCode, channels, listed } = loaderData;
  const answer = actionData as ActionData | undefined;
  const sending = useNavigation().state === "submitting";
  const listedName = channels.find(({ id }) => id === listed.channel)!.name;
  return (
    <section className="staff-page">
      <h1>Feeds to advertising channels</h1>
      <p className="staff-hint">
        Each channel fetches its feed from a secret address, made here by an admin. Every vehicle is checked against the channel's own rules
        before it goes out; a vehicle that breaks one is left out and listed below with the reason. A change to the stock is in every feed
        the next time the channel fetches it.
      </p>
      {answer?.problem && (
        <p className="notice notice--problem" role="alert">
          {answer.problem}
        </p>
      )}
      {answer?.done && (
        <p className="notice notice--done" role="status">
          {answer.done}
        </p>
      )}
      {answer?.feedAddress && (
        <p className="staff-feed-address">
          <label htmlFor="feed-address">Address of the {channels.find(({ id }) => id === answer.channel)?.name} feed</label>
          <input id="feed-address" readOnly value={answer.feedAddress} />
        </p>
      )}
      <table className="staff-table">
        <caption>The channels</caption>
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col">Feed</th>
            <th scope="col">Vehicles chosen</th>
            <th scope="col">Going out</th>
            <th scope="col">Left out</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <th scope="row">
                {channel.name} <span className="staff-hint">({channel.fileName})</span>
              </th>
              <td>{channel.on ? "On" : "Off"}</td>
              <td>{formatCount(channel.chosen)}</td>
              <td>{formatCount(channel.goingOut)}</td>
              <td>
                {channel.leftOut > 0 ? <Link to={`${PAGE}?channel=${channel.id}#left-out`}>{formatCount(channel.leftOut)}</Link> : "0"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {channels.map((channel) => (
        <section key={channel.id} aria-labelledby={`channel-${channel.id}`} className="staff-feed">
          <h2 id={`channel-${channel.id}`}>{channel.name}</h2>
          <p className="staff-hint">
            Written to the channel's published attribute list: <a href={channel.source}>{channel.source}</a>
          </p>
          <Form method="post" className="staff-form">
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="channel" value={channel.id} />
            <fieldset className="staff-choices">
              <legend>Vehicles it gets</legend>
              {VEHICLE_TYPES.map((type) => (
                <label key={type} className="staff-check">
                  <input type="checkbox" name="types" value={type} defaultChecked={channel.types.includes(type)} />{" "}
                  {VEHICLE_NOUNS[type].title}
                </label>
              ))}
              <label className="staff-check">
                <input type="checkbox" name="leaveOutReserved" value="yes" defaultChecked={channel.leaveOutReserved} /> Leave out reserved
                vehicles
              </label>
            </fieldset>
            <button type="submit" name="intent" value="choose" className="button" disabled={sending}>
              Save the choice for {channel.name}
            </button>
          </Form>
          {admin && (
            <Form method="post" className="staff-form">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="channel" value={channel.id} />
              {channel.on ? (
                <>
                  <p className="staff-hint">
                    On{channel.secretSince ? ` since ${channel.secretSince.slice(0, 10)}` : ""}. A new address stops the old one at once.
                  </p>
                  <button type="submit" name="intent" value="new-address" className="button button--quiet" disabled={sending}>
                    Make a new address for {channel.name}
                  </button>{" "}
                  <button type="submit" name="intent" value="switch-off" className="button button--quiet" disabled={sending}>
                    Switch off {channel.name}
                  </button>
                </>
              ) : (
                <button type="submit" name="intent" value="new-address" className="button" disabled={sending}>
                  Switch on {channel.name}
                </button>
              )}
            </Form>
          )}
        </section>
      ))}

      {admin && (
        <section aria-labelledby="store-code" className="staff-feed">
          <h2 id="store-code">Store code</h2>
          <Form method="post" className="staff-form">
            <input type="hidden" name="csrf" value={csrf} />
            <Field
              id="store-code-input"
              name="storeCode"
              label="The showroom's code, as your Google Business Profile names it"
              defaultValue={storeCode}
              error={answer?.field === "storeCode" ? answer.problem : undefined}
            />
            <button type="submit" name="intent" value="store-code" className="button" disabled={sending}>
              Save the store code
            </button>
          </Form>
        </section>
      )}

      <section aria-labelledby="left-out">
        <h2 id="left-out">Left out of {listedName}</h2>
        <nav aria-label="Channels" className="staff-views">
          <ul>
            {channels.map((channel) => (
              <li key={channel.id}>
                <Link to={`${PAGE}?channel=${channel.id}#left-out`} aria-current={channel.id === listed.channel ? "page" : undefined}>
                  {channel.name} ({formatCount(channel.leftOut)})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {listed.total === 0 ? (
          <p>Every vehicle chosen for {listedName} keeps its rules.</p>
        ) : (
          <table className="staff-table">
            <caption>
              {formatCount(listed.total)} vehicles left out of {listedName}, and why
            </caption>
            <thead>
              <tr>
                <th scope="col">Vehicle</th>
                <th scope="col">Registration</th>
                <th scope="col">Why it is left out</th>
              </tr>
            </thead>
            <tbody>
              {listed.vehicles.map((vehicle) => (
                <tr key={vehicle.id}>
                  <td>
                    <Link to={`/staff/stock/vehicles/${encodeURIComponent(vehicle.id)}`}>{vehicle.title}</Link>
                  </td>
                  <td>{vehicle.registration ?? "none"}</td>
                  <td>
                    <ul className="staff-reasons">
                      {vehicle.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={listed.page}
          pageCount={Math.ceil(listed.total / LEFT_OUT_PAGE_SIZE)}
          hrefOf={(page) => `${PAGE}?channel=${listed.channel}&page=${page}#left-out`}
        />
      </section>
    </section>
  );
}
