import {
  ageOffsetBounds,
  ageOn,
  birthdayProblem,
  canChangeStatus,
  clampAgeRange,
  displayNameProblem,
  type Gender,
  nextGender,
  SETTINGS_DEBOUNCE_MS,
  SETTINGS_SAVED_NOTICE_MS,
  sanitizeName,
  ZIP_CODE_PATTERN,
} from "@sams-web/domain/profile/rules";
// Types only: the page checks its fields with the rules' plain functions, so zod is not loaded.
import type { Profile, ProfileUpdateInput } from "@sams-web/domain/profile/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { ApiError, hasErrorCode } from "../../lib/api-client.ts";
import { refreshSession } from "../../lib/session.ts";
import { useAutosavedDraft } from "../../lib/use-autosaved-draft.ts";
import { SLIDER_IDS } from "../matching/search-section.tsx";
import { useUpdateProfile } from "./api.ts";
import { RangeSlider } from "./range-slider.tsx";
import { RequirementsChecklist, requirementsFor } from "./requirements-checklist.tsx";
import { StatusToggle } from "./status-toggle.tsx";

/** The form's own text values; what the server stores is derived from them when saving. */
interface Draft {
  displayName: string;
  gender: Gender;
  seekingGender: Gender;
  zipCode: string;
  searchRadius: number;
  birthday: string;
  ageRangeMin: number;
  ageRangeMax: number;
}
type DraftKey = keyof Draft;

const GENDER_LABELS: Record<Gender, string> = { man: "Man", woman: "Woman", "": "Non-binary or unselected" };

function draftFrom(profile: Profile): Draft {
  return {
    displayName: profile.displayName,
    gender: profile.gender,
    seekingGender: profile.seekingGender,
    zipCode: profile.zipCode ?? "",
    searchRadius: profile.searchRadius,
    birthday: profile.birthday ?? "",
    ageRangeMin: profile.ageRangeMin,
    ageRangeMax: profile.ageRangeMax,
  };
}

/** The latest date a person may be born on to be 18 today, for the date picker's max. */
function latestBirthday(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${today.getFullYear() - 18}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** Each field's message when its value cannot be saved, or null. */
function fieldErrors(draft: Draft): Partial<Record<DraftKey, string>> {
  const errors: Partial<Record<DraftKey, string>> = {};
  const name = displayNameProblem(sanitizeName(draft.displayName));
  if (name) errors.displayName = name;
  if (draft.zipCode !== "" && !ZIP_CODE_PATTERN.test(draft.zipCode)) errors.zipCode = MESSAGES.zipInvalid;
  if (draft.birthday !== "") {
    const birthday = birthdayProblem(draft.birthday, new Date());
    if (birthday) errors.birthday = birthday;
  }
  return errors;
}

/** The age from a valid birthday in the draft, else null. */
function ageFrom(draft: Draft): number | null {
  const today = new Date();
  if (draft.birthday === "" || birthdayProblem(draft.birthday, today) !== null) return null;
  return ageOn(draft.birthday, today);
}

function changesBetween(draft: Draft, saved: Draft, errors: Partial<Record<DraftKey, string>>): ProfileUpdateInput {
  const changes: ProfileUpdateInput = {};
  if (draft.displayName !== saved.displayName && !errors.displayName) changes.displayName = draft.displayName;
  if (draft.gender !== saved.gender) changes.gender = draft.gender;
  if (draft.seekingGender !== saved.seekingGender) changes.seekingGender = draft.seekingGender;
  if (draft.searchRadius !== saved.searchRadius) changes.searchRadius = draft.searchRadius;
  if (draft.zipCode !== saved.zipCode && !errors.zipCode) changes.zipCode = draft.zipCode === "" ? null : draft.zipCode;
  if (draft.birthday !== saved.birthday && !errors.birthday) {
    changes.birthday = draft.birthday === "" ? null : draft.birthday;
  }
  const age = ageFrom(draft);
  if (age !== null && (draft.ageRangeMin !== saved.ageRangeMin || draft.ageRangeMax !== saved.ageRangeMax)) {
    const range = clampAgeRange(age, draft);
    changes.ageRangeMin = range.ageRangeMin;
    changes.ageRangeMax = range.ageRangeMax;
  }
  return changes;
}

/** The profile's own settings, saved as the person edits them ('Settings saved!' for 2 seconds). */
export function SettingsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const missingAny = requirementsFor(profile).some((requirement) => !requirement.done);
  const [nameNotice, setNameNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [rejectedZip, setRejectedZip] = useState<string | null>(null);

  const { draft, edit, slide, release, drag, savedNotice } = useAutosavedDraft({
    saved: draftFrom(profile),
    changesOf: (draft, saved) => {
      const changes = changesBetween(draft, saved, fieldErrors(draft));
      // A ZIP code the server did not find is not sent again until it is changed.
      if (changes.zipCode !== undefined && changes.zipCode === rejectedZip) delete changes.zipCode;
      return changes;
    },
    save: update.mutateAsync,
    onSaved: (changes) => {
      setSaveError(null);
      if (changes.displayName !== undefined) {
        setNameNotice(MESSAGES.nameUpdated);
        void refreshSession();
      }
    },
    onError: (error, changes) => {
      if (hasErrorCode(error, "zipNotFound")) {
        setRejectedZip(changes.zipCode ?? null);
      } else if (error instanceof ApiError && error.status === "RESOURCE_EXHAUSTED") {
        // A ZIP code or birthday changed too often: the server says which, and when to try again.
        setSaveError(error.message);
      } else {
        setSaveError(MESSAGES.settingsSaveFailed);
      }
    },
    debounceMs: SETTINGS_DEBOUNCE_MS,
    noticeMs: SETTINGS_SAVED_NOTICE_MS,
  });
  const errors = fieldErrors(draft);
  const editName = (displayName: string) => {
    // The name's notice stays until the name itself changes again, whatever else is edited meanwhile.
    setNameNotice(null);
    edit({ displayName });
  };
  const notice = savedNotice ? MESSAGES.settingsSaved : null;

  const age = ageFrom(draft);
  const bounds = age !== null ? ageOffsetBounds(age) : null;
  const range = age !== null ? clampAgeRange(age, draft) : null;
  const zipMessage =
    errors.zipCode ?? (rejectedZip !== null && draft.zipCode === rejectedZip ? MESSAGES.zipNotFound : null);

  return (
    <div className="space-y-6">
      {/*
        Floats at the bottom of the window (above the cookie banner while it is open): seen next
        to whichever field was changed, and it takes no room from the page when there is nothing
        to say.
      */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--cookie-banner-height,0px)+var(--bottom-nav-height,0px)+1rem)] z-30 flex justify-center px-4 text-sm font-semibold"
      >
        {notice && (
          <p className="pointer-events-auto rounded-full border border-moss/30 bg-white px-4 py-2 text-moss shadow-lg">
            {notice}
          </p>
        )}
        {saveError && (
          <p role="alert" className="pointer-events-auto rounded-2xl bg-white px-4 py-2 text-danger shadow-lg">
            {saveError}
          </p>
        )}
      </div>

      {/* While anything is missing, what to do comes first. */}
      {missingAny && <RequirementsChecklist profile={profile} />}

      <section aria-labelledby="about-heading" className="card space-y-5">
        <h2 id="about-heading" className="text-xl font-semibold">
          About you
        </h2>
        <div>
          <label htmlFor="display-name" className="field-label">
            Display name
          </label>
          <input
            id="display-name"
            className="field-input"
            value={draft.displayName}
            maxLength={60}
            autoComplete="nickname"
            aria-invalid={errors.displayName ? true : undefined}
            aria-describedby="display-name-message"
            onChange={(event) => editName(event.target.value)}
          />
          <p id="display-name-message" className="mt-1 text-sm" aria-live="polite">
            {errors.displayName ? (
              <span className="text-danger">{errors.displayName}</span>
            ) : (
              nameNotice && <span className="text-moss">{nameNotice}</span>
            )}
          </p>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ["gender", "I am a"],
              ["seekingGender", "Seeking a"],
            ] as const
          ).map(([key, label]) => (
            <fieldset key={key}>
              <legend className="field-label">{label}</legend>
              <button
                type="button"
                className="btn-secondary w-full"
                onClick={() => edit({ [key]: nextGender(draft[key]) })}
              >
                {GENDER_LABELS[draft[key]]}
              </button>
            </fieldset>
          ))}
        </div>
      </section>

      <section aria-labelledby="where-heading" className="card space-y-5">
        <h2 id="where-heading" className="text-xl font-semibold">
          Where to search
        </h2>
        <div>
          <label htmlFor="zip-code" className="field-label">
            ZIP code
          </label>
          <input
            id="zip-code"
            className="field-input max-w-40"
            value={draft.zipCode}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            pattern="[0-9]{5}"
            aria-invalid={zipMessage ? true : undefined}
            aria-describedby="zip-code-message"
            onChange={(event) => edit({ zipCode: event.target.value.replace(/\s/g, "") })}
          />
          <p id="zip-code-message" className="mt-1 text-sm text-danger" aria-live="polite">
            {zipMessage}
          </p>
        </div>
        <RangeSlider
          label="Search radius"
          thumbId={SLIDER_IDS.searchRadius}
          value={draft.searchRadius}
          min={1}
          max={500}
          valueText={`${draft.searchRadius} miles of ZIP code`}
          onChange={(v) => slide({ searchRadius: v })}
          onCommit={(v) => release({ searchRadius: v })}
          onDragChange={drag}
        />
      </section>

      <section aria-labelledby="age-heading" className="card space-y-5">
        <h2 id="age-heading" className="text-xl font-semibold">
          Age
        </h2>
        <div>
          <label htmlFor="birthday" className="field-label">
            Birthday
          </label>
          <input
            id="birthday"
            type="date"
            className="field-input max-w-52"
            value={draft.birthday}
            min="1900-01-01"
            max={latestBirthday(new Date())}
            aria-invalid={errors.birthday ? true : undefined}
            aria-describedby="birthday-message"
            onChange={(event) => edit({ birthday: event.target.value })}
          />
          <p id="birthday-message" className="mt-1 text-sm text-danger" aria-live="polite">
            {errors.birthday}
          </p>
        </div>
        {age === null || bounds === null || range === null ? (
          <p className="text-ink-soft">{MESSAGES.birthdayRequiredForAgeRange}</p>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-ink-soft">
              You are {age}. Show me people aged {age + range.ageRangeMin} to {age + range.ageRangeMax}.
            </p>
            {bounds.minLowest === bounds.minHighest ? (
              <p className="text-sm">Youngest age: {age + bounds.minLowest}</p>
            ) : (
              <RangeSlider
                label="Youngest age"
                value={age + range.ageRangeMin}
                min={age + bounds.minLowest}
                max={age + bounds.minHighest}
                valueText={`${age + range.ageRangeMin} years`}
                // The ages shown lie above the youngest: the colour runs from the thumb to the right.
                fillTowards="max"
                onChange={(v) => slide({ ageRangeMin: v - age })}
                onCommit={(v) => release({ ageRangeMin: v - age })}
                onDragChange={drag}
              />
            )}
            <RangeSlider
              label="Oldest age"
              thumbId={SLIDER_IDS.oldestAge}
              value={age + range.ageRangeMax}
              min={age + bounds.maxLowest}
              max={age + bounds.maxHighest}
              valueText={`${age + range.ageRangeMax} years`}
              onChange={(v) => slide({ ageRangeMax: v - age })}
              onCommit={(v) => release({ ageRangeMax: v - age })}
              onDragChange={drag}
            />
          </div>
        )}
      </section>

      {!missingAny && <RequirementsChecklist profile={profile} />}
      <StatusToggle profile={profile} enabled={canChangeStatus(profile)} />
    </div>
  );
}
