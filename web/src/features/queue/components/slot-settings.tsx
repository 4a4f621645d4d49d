import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import { PLATFORM_LABELS } from '@shared/platforms';
import { slotsFromBestTimes } from '@shared/queue-best-times';
import {
  QUEUE_PLATFORMS,
  queueSettingsInputSchema,
  type QueuePlatform,
  type QueueSettings,
  type QueueSettingsInput,
} from '@shared/schemas/queue';
import { preprocess } from '@shared/schemas/fields';
import { useState } from 'react';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { call, errorMessage } from '@/lib/api-client';
import { errorAt, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useSaveQueueSettings } from '@/api/queue/queue';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday first on the form, as the week reads; the settings keep Sunday first. */
const FORM_ORDER = [1, 2, 3, 4, 5, 6, 0];

type Texts = Record<QueuePlatform, string[]>;
const toTexts = (slots: QueueSettingsInput['slots']): Texts =>
  Object.fromEntries(QUEUE_PLATFORMS.map((p) => [p, slots[p].map((day) => day.join(', '))])) as Texts;
const toSlots = (texts: Texts): QueueSettingsInput['slots'] =>
  Object.fromEntries(
    QUEUE_PLATFORMS.map((p) => [
      p,
      texts[p].map((text) =>
        text
          .split(/[,\s]+/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ]),
  ) as QueueSettingsInput['slots'];

/** The settings' own schema, run on the inputs' text: the zone trimmed, each day's text split into times. */
const slotFormSchema = preprocess((value) => {
  const form = value as { timeZone: string; slots: Texts };
  return { timeZone: form.timeZone.trim(), slots: toSlots(form.slots) };
}, queueSettingsInputSchema);

/**
 * The queue's time zone and its slots per platform and weekday, a day's times written as
 * "09:00, 13:00". Checked on submit with the settings' schema; saving moves the queued posts into
 * the new slots. "Fill from best times" takes each platform's best hours from the report.
 */
export function SlotSettings({ settings, mayEdit }: { settings: QueueSettings; mayEdit: boolean }) {
  const form = useSubmitOnlyForm(slotFormSchema, { timeZone: settings.timeZone, slots: toTexts(settings.slots) });
  const texts = form.values.slots;
  const zone = form.values.timeZone;
  const [filling, setFilling] = useState(false);
  const save = useSaveQueueSettings();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      notify.success(
        saved.moved ? `Time slots saved. ${saved.moved} queued posts moved into the new slots.` : 'Time slots saved.',
      );
    } catch (error) {
      if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
    }
  });

  const onFill = () => {
    setFilling(true);
    call(postAnalyticsContracts.bestTimes, { query: { zone } })
      .then((best) => {
        form.setValue('slots', toTexts(slotsFromBestTimes(best, toSlots(texts))));
        notify.info('Filled from your best times. Check them, then save.');
      })
      .catch((error: unknown) => {
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      })
      .finally(() => setFilling(false));
  };

  return (
    <Card
      title="Time slots"
      description={
        settings.isDefault
          ? 'These are suggested defaults per platform. Change them or fill them from your best times, then save.'
          : 'Posts added to the queue go out at these times, in the time zone below.'
      }
    >
      <form className="slot-settings" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Time zone"
          hint="An IANA time zone such as Europe/London. Slots keep their local time when the clocks change."
          error={form.errors.timeZone}
          disabled={!mayEdit}
          {...form.register('timeZone')}
        />
        <div className="slot-settings__platforms">
          {QUEUE_PLATFORMS.map((platform) => (
            <fieldset key={platform} className="slot-settings__platform">
              <legend>{PLATFORM_LABELS[platform]}</legend>
              {FORM_ORDER.map((day) => (
                <TextField
                  key={day}
                  label={DAYS[day]}
                  placeholder="none"
                  value={texts[platform][day] ?? ''}
                  error={errorAt(form.errors, `slots.${platform}.${day}`)}
                  disabled={!mayEdit}
                  ref={form.inputRef(`slots.${platform}.${day}`)}
                  onChange={(e) =>
                    form.setValue('slots', {
                      ...texts,
                      [platform]: texts[platform].map((t, i) => (i === day ? e.target.value : t)),
                    })
                  }
                />
              ))}
            </fieldset>
          ))}
        </div>
        {Object.keys(form.errors).length ? (
          <Alert type="error">Some slots need fixing: see the fields above.</Alert>
        ) : null}
        {mayEdit ? (
          <div className="slot-settings__actions">
            <Button type="button" variant="secondary" onClick={onFill} pending={filling}>
              Fill from best times
            </Button>
            <Button type="submit" pending={form.isSubmitting}>
              Save time slots
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
