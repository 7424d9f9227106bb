import { digestOf, newSecret } from "../staff/secrets";
import { sameSecret } from "../staff/staff-cookies";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import { CHANNELS } from "./channels";
import type { ChannelId } from "./channel";
import type { ChannelChoice } from "./feed-settings";
import type { FeedDocument, OutgoingFeeds } from "./outgoing-feeds";

/**
 * What the stock console does with the outgoing feeds, each step checked against the
 * member's role on the server and audited: stock managers see what goes out and what is
 * left out, and choose which vehicles each channel gets; admins switch a feed on (which
 * makes its secret address), give it a new secret (the old address stops at once) or
 * switch it off, and set the store code. Only a digest of each secret is kept, so a copy of
 * the settings opens no feed: the address is shown once, when it is made.
 */
export class FeedDesk {
  constructor(
    readonly feeds: OutgoingFeeds,
    private readonly access: Pick<StaffAccess, "audit">,
    /** The public origin the addresses are given on. */
    private readonly origin: string,
  ) {}

  async overview(member: StaffMember) {
    requireRole(member, "stock");
    const [summaries, settings] = await Promise.all([this.feeds.summaries(), this.feeds.settings()]);
    return { summaries, settings: { storeCode: settings.storeCode, channels: settings.channels } };
  }

  async leftOut(member: StaffMember, id: ChannelId, page: number, pageSize: number) {
    requireRole(member, "stock");
    return this.feeds.leftOut(id, page, pageSize);
  }

  async choose(member: StaffMember, address: string, id: ChannelId, choice: ChannelChoice): Promise<void> {
    requireRole(member, "stock");
    await this.feeds.update((settings) => ({
      ...settings,
      channels: {
        ...settings.channels,
        [id]: { ...settings.channels[id], types: choice.types, leaveOutReserved: choice.leaveOutReserved },
      },
    }));
    await this.audit(member, address, "feed-choice-changed", id, {
      types: choice.types.join(", ") || "none",
      leaveOutReserved: choice.leaveOutReserved,
    });
  }

  async setStoreCode(member: StaffMember, address: string, storeCode: string): Promise<void> {
    requireRole(member, "admin");
    await this.feeds.update((settings) => ({ ...settings, storeCode }));
    await this.audit(member, address, "feed-choice-changed", "store-code", { storeCode });
  }

  /** Switches the feed on with a new secret, or gives it a new one: resolves to its address, shown this once. */
  async newAddress(member: StaffMember, address: string, id: ChannelId): Promise<string> {
    requireRole(member, "admin");
    const secret = newSecret();
    let wasOn = false;
    await this.feeds.update((settings) => {
      wasOn = settings.channels[id].tokenDigest !== undefined;
      return {
        ...settings,
        channels: {
          ...settings.channels,
          [id]: { ...settings.channels[id], tokenDigest: digestOf(secret), tokenSetAt: new Date().toISOString() },
        },
      };
    });
    await this.audit(member, address, "feed-address-changed", id, { change: wasOn ? "new-secret" : "on" });
    return this.addressOf(id, secret);
  }

  async switchOff(member: StaffMember, address: string, id: ChannelId): Promise<void> {
    requireRole(member, "admin");
    await this.feeds.update((settings) => {
      const { tokenDigest: _digest, tokenSetAt: _setAt, ...rest } = settings.channels[id];
      return { ...settings, channels: { ...settings.channels, [id]: rest } };
    });
    await this.audit(member, address, "feed-address-changed", id, { change: "off" });
  }

  /** The feed for whoever holds its secret; undefined for a wrong secret or a feed that is off, alike. */
  async documentFor(id: ChannelId, secret: string | undefined): Promise<FeedDocument | undefined> {
    const digest = (await this.feeds.settings()).channels[id].tokenDigest;
    // Digests compared, in constant time: their length is fixed, whatever was sent.
    if (!digest || secret === undefined || !sameSecret(digestOf(secret), digest)) return undefined;
    return this.feeds.document(id);
  }

  addressOf(id: ChannelId, secret: string): string {
    return `${this.origin}/feeds/${CHANNELS[id].fileName}?token=${secret}`;
  }

  private audit(
    member: StaffMember,
    address: string,
    action: "feed-address-changed" | "feed-choice-changed",
    targetId: string,
    details: Record<string, string | boolean>,
  ) {
    return this.access.audit({ action, actorId: member.account.id, actorEmail: member.account.email, address, targetId, details });
  }
}
