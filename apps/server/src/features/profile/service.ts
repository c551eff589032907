import type { ConversationStage } from "@sams-web/domain/chat/stages";
import { isSearchable } from "@sams-web/domain/matching/rules";
import {
  AGE_OFFSET_MAX_LOW,
  AGE_OFFSET_MIN_UPPER,
  ageOffsetBounds,
  ageOn,
  BIRTHDAY_CHANGES_MAX,
  canChangeStatus,
  clampAgeRange,
  type Gender,
  RADIUS_DEFAULT,
  type Status,
} from "@sams-web/domain/profile/rules";
import type { Profile, ProfileUpdate } from "@sams-web/domain/profile/schemas";
import type { Database } from "../../platform/db/database-plugin.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import type { SessionUser } from "../../platform/sessions/session-resolver.ts";
import { findProfile, type ProfileRow, zipExists } from "./data.ts";
import { type ProfileChanges, updateProfile } from "./mutations.ts";

/** Age today from the stored birthday: the stored age may be from an earlier day. */
function currentAge(row: ProfileRow, now: Date): number | null {
  return row.birthday ? ageOn(row.birthday, now) : null;
}

/** The profile as the API returns it. */
export function toProfile(row: ProfileRow, user: SessionUser, now = new Date()): Profile {
  const age = currentAge(row, now);
  const range =
    age !== null && age >= 18
      ? clampAgeRange(age, { ageRangeMin: row.ageRangeMin, ageRangeMax: row.ageRangeMax })
      : { ageRangeMin: row.ageRangeMin ?? AGE_OFFSET_MIN_UPPER, ageRangeMax: row.ageRangeMax ?? AGE_OFFSET_MAX_LOW };
  return {
    displayName: row.displayName,
    email: row.email,
    status: row.status as Status,
    createdAt: row.createdAt.getTime(),
    // Verification is recorded by the auth layer; either record being true means verified.
    verified: row.verified || user.emailVerified,
    gender: row.gender as Gender,
    seekingGender: row.seekingGender as Gender,
    searchRadius: row.searchRadius ?? RADIUS_DEFAULT,
    zipCode: row.zipCode,
    birthday: row.birthday,
    age,
    ...range,
    chatComplete: row.chatComplete,
    picturesUploaded: row.picturesUploaded,
    conversationStage: row.conversationStage as ConversationStage,
    searchStarted: row.searchStarted?.getTime() ?? null,
    matchAccepted: row.matchAccepted?.getTime() ?? null,
    photoUrls: row.photoUrls,
    privacySettings: row.privacySettings as Profile["privacySettings"],
  };
}

/**
 * Counters of the changes a search reads (a ZIP code, a birthday): each throws when the day's
 * allowance is used up. Kept outside the service because they are counted per request.
 */
export interface ChangeAllowances {
  zipChange(): Promise<void>;
  birthdayChange(): Promise<void>;
}

const NO_ALLOWANCES: ChangeAllowances = { zipChange: async () => {}, birthdayChange: async () => {} };

/** Begin Search's requirements as a profile row holds them (verified by either record). */
function searchable(row: ProfileRow, user: SessionUser): boolean {
  return isSearchable({
    verified: row.verified || user.emailVerified,
    chatComplete: row.chatComplete,
    picturesUploaded: row.picturesUploaded,
    zipCode: row.zipCode,
    birthday: row.birthday,
    status: row.status === "active" ? "active" : "unavailable",
  });
}

export function createProfileService(deps: {
  db: Database;
  bus: RealtimeBus;
  now?: () => Date;
  /** The person has just become searchable (turned Still Looking, say): Sam will search for them. */
  onSearchable?: (userId: string) => Promise<void>;
}) {
  const { db, bus } = deps;
  const now = deps.now ?? (() => new Date());

  const load = async (user: SessionUser): Promise<ProfileRow> => {
    const row = await findProfile(db, user.id);
    if (!row) throw new AppError("NOT_FOUND", "profileNotFound");
    return row;
  };

  return {
    async get(user: SessionUser): Promise<Profile> {
      return toProfile(await load(user), user, now());
    },

    /**
     * Applies a partial update, already checked against profileUpdateSchema (server-owned and
     * unknown fields fail there), with the same rules the form uses: the ZIP must exist; age comes
     * from the birthday; the age range must fit that age; the status may become active only when
     * its conditions hold.
     */
    async update(
      user: SessionUser,
      input: ProfileUpdate,
      allowances: ChangeAllowances = NO_ALLOWANCES,
    ): Promise<Profile> {
      const today = now();
      const row = await load(user);
      const changes: ProfileChanges = {};
      const zipChanging = input.zipCode != null && input.zipCode !== row.zipCode;
      const birthdayChanging = input.birthday != null && input.birthday !== row.birthday;
      if (birthdayChanging && row.birthdayChanges >= BIRTHDAY_CHANGES_MAX) {
        throw new AppError("RESOURCE_EXHAUSTED", "birthdayChangeLimit");
      }

      if (input.displayName !== undefined) changes.displayName = input.displayName;
      if (input.gender !== undefined) changes.gender = input.gender;
      if (input.seekingGender !== undefined) changes.seekingGender = input.seekingGender;
      if (input.searchRadius !== undefined) changes.searchRadius = input.searchRadius;
      if (input.privacySettings !== undefined) changes.privacySettings = input.privacySettings;

      if (input.zipCode !== undefined) {
        if (input.zipCode !== null && !(await zipExists(db, input.zipCode))) {
          throw new AppError("INVALID_ARGUMENT", "zipNotFound");
        }
        changes.zipCode = input.zipCode;
      }

      const birthday = input.birthday !== undefined ? input.birthday : row.birthday;
      const age = birthday ? ageOn(birthday, today) : null;
      if (input.birthday !== undefined) {
        changes.birthday = input.birthday;
        changes.age = age;
      }
      if (birthdayChanging) changes.birthdayChanges = row.birthdayChanges + 1;

      const rangeTouched = input.ageRangeMin !== undefined || input.ageRangeMax !== undefined;
      if (rangeTouched && age === null) {
        throw new AppError("INVALID_ARGUMENT", "birthdayRequiredForAgeRange");
      }
      if (age !== null && (rangeTouched || input.birthday !== undefined)) {
        const bounds = ageOffsetBounds(age);
        if (
          input.ageRangeMin !== undefined &&
          (input.ageRangeMin < bounds.minLowest || input.ageRangeMin > bounds.minHighest)
        ) {
          throw new AppError("INVALID_ARGUMENT", "ageRangeOutOfBounds");
        }
        // A new birthday pulls the stored range inside the new bounds.
        const range = clampAgeRange(age, {
          ageRangeMin: input.ageRangeMin ?? row.ageRangeMin,
          ageRangeMax: input.ageRangeMax ?? row.ageRangeMax,
        });
        changes.ageRangeMin = range.ageRangeMin;
        changes.ageRangeMax = range.ageRangeMax;
      }

      if (input.status !== undefined && input.status !== row.status) {
        const verified = row.verified || user.emailVerified;
        if (
          input.status === "active" &&
          !canChangeStatus({ verified, chatComplete: row.chatComplete, picturesUploaded: row.picturesUploaded })
        ) {
          throw new AppError("FAILED_PRECONDITION", "statusChangeNotAllowed");
        }
        changes.status = input.status;
      }

      if (Object.keys(changes).length === 0) return toProfile(row, user, today);
      // Counted last, once the change is otherwise valid, so a refused edit costs nothing. The
      // daily birthday allowance of 1, counted atomically, also keeps parallel edits from going
      // past the lifetime count.
      if (zipChanging) await allowances.zipChange();
      if (birthdayChanging) await allowances.birthdayChange();
      const updated = await updateProfile(db, user.id, changes);
      if (!updated) throw new AppError("NOT_FOUND", "profileNotFound");
      await bus.publish(user.id, { topic: "profile" });
      if (!searchable(row, user) && searchable(updated, user)) await deps.onSearchable?.(user.id);
      // Cookie choices made in one tab apply in the others.
      if (changes.privacySettings !== undefined) await bus.publish(user.id, { topic: "consent" });
      return toProfile(updated, user, today);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
