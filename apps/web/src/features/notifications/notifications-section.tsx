import type { EmailChoices } from "@sams-web/domain/notifications/contracts";
import { EMAIL_KIND_HINTS, EMAIL_KIND_LABELS } from "@sams-web/domain/notifications/messages";
import { EMAIL_KINDS, type EmailKind } from "@sams-web/domain/notifications/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useId, useState } from "react";
import { ToggleSwitch } from "../../components/toggle-switch.tsx";
import { useChangeEmailChoice, useNotificationSettings } from "./api.ts";
import { type DeviceState, deviceState, turnOff, turnOn } from "./push-device.ts";

/** One switch with its label and what it covers, the whole row a target for the label. */
function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      </div>
      <ToggleSwitch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onCheckedChange={onChange}
      />
    </li>
  );
}

function EmailSwitches() {
  const settings = useNotificationSettings();
  const change = useChangeEmailChoice();
  const [failed, setFailed] = useState(false);
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {MESSAGES.notificationsLoadFailed}
      </p>
    );
  }
  const email: EmailChoices | undefined = settings.data?.email;
  const toggle = (kind: EmailKind, on: boolean) => {
    setFailed(false);
    change.mutate({ [kind]: on }, { onError: () => setFailed(true) });
  };
  return (
    <>
      <ul className="divide-y divide-line">
        {EMAIL_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            label={EMAIL_KIND_LABELS[kind]}
            hint={EMAIL_KIND_HINTS[kind]}
            checked={email?.[kind] ?? false}
            disabled={!email}
            onChange={(on) => toggle(kind, on)}
          />
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.notificationsSaveFailed}
        </p>
      )}
    </>
  );
}

const DEVICE_NOTES: Partial<Record<DeviceState, string>> = {
  unsupported: MESSAGES.notificationsDeviceUnsupported,
  needsHomeScreen: MESSAGES.notificationsDeviceIphone,
  blocked: MESSAGES.notificationsDeviceBlocked,
};

function DeviceSwitch() {
  const [state, setState] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    deviceState()
      .catch((): DeviceState => "off")
      .then((found) => {
        if (live) setState(found);
      });
    return () => {
      live = false;
    };
  }, []);
  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? turnOn() : turnOff()));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const note = state ? DEVICE_NOTES[state] : undefined;
  return (
    <>
      <ul>
        <SwitchRow
          label={MESSAGES.notificationsDeviceLabel}
          hint={MESSAGES.notificationsDeviceHint}
          checked={state === "on"}
          disabled={busy || state === null || note !== undefined}
          onChange={(on) => void toggle(on)}
        />
      </ul>
      {note && <p className="rounded-xl bg-silk-deep px-3 py-2 text-sm">{note}</p>}
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.notificationsDeviceFailed}
        </p>
      )}
    </>
  );
}

/**
 * Settings' "Notifications": how Sam tells the person of news while they are away. An email switch
 * per kind (saved as soon as it moves), and one for this device's notifications (Web Push).
 */
export function NotificationsSection() {
  return (
    <section aria-labelledby="notifications-heading" className="card space-y-4">
      <div>
        <h2 id="notifications-heading" className="text-xl font-semibold">
          Notifications
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{MESSAGES.notificationsIntro}</p>
      </div>
      <div>
        <h3 className="font-semibold">{MESSAGES.notificationsEmailHeading}</h3>
        <EmailSwitches />
        <p className="text-sm text-ink-soft">{MESSAGES.notificationsAccountMails}</p>
      </div>
      <div>
        <h3 className="font-semibold">{MESSAGES.notificationsDeviceHeading}</h3>
        <DeviceSwitch />
      </div>
    </section>
  );
}
