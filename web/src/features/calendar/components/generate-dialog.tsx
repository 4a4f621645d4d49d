import { GENERATE_MAX_AHEAD_DAYS } from '@shared/constants';
import { BLOG_PLATFORMS, PLATFORM_LABELS, SOCIAL_PLATFORMS, type Platform } from '@shared/platforms';
import { calendarFormMessages } from '@shared/schemas/calendar';
import {
  generateBlogsSchema,
  generateMessages,
  generatePostsSchema,
  MAX_GENERATE_NOTE,
  type GenerateInput,
} from '@shared/schemas/calendar-generate';
import { preprocess } from '@shared/schemas/fields';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, TextAreaField } from '@/components/ui/field';
import { JobProgress } from '@/components/ui/job-progress';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm } from '@/lib/forms';
import { localeWeekStart } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useGenerateDrafts, type GenerateKind } from '@/api/posts/generate-posts';
import { addDays, dayLabel, todayIn } from '../generate-days';
import { DateRangePicker, type DayRange } from './date-range-picker';
import '../generate.css';

const COPY: Record<GenerateKind, { title: string; running: string; platforms: readonly Platform[] }> = {
  social: {
    title: 'Generate social media posts',
    running: 'Generating your posts. They will appear in the calendar as drafts when they are ready.',
    platforms: SOCIAL_PLATFORMS,
  },
  blog: {
    title: 'Generate blog posts',
    running: 'Generating your blog posts. They will appear in the calendar as drafts when they are ready.',
    platforms: BLOG_PLATFORMS,
  },
};

/** What the form holds: the chosen platforms, the range as the picker gives it, two optional notes. */
interface GenerateForm {
  platforms: Platform[];
  range: DayRange;
  specialInstructions: string;
  exclusions: string;
}

/** The form as POST /api/calendar/generate(/blog) takes it, in the calendar's zone. */
const toBody = ({ platforms, range, specialInstructions, exclusions }: GenerateForm, zone: string) => ({
  platform: platforms,
  from: range.from ?? '',
  to: range.to ?? '',
  zone,
  specialInstructions: specialInstructions.trim() || undefined,
  exclusions: exclusions.trim() || undefined,
});

const short = (day: string) => dayLabel(day, { weekday: 'short', day: 'numeric', month: 'short' });

/**
 * The Generate... dialog (spec 01 §4 "AI generation dialog", §5 "Generate content form"):
 * platforms, a date range from today up to 45 days ahead, optional instructions and exclusions;
 * Generate stays disabled until the form is valid, and says why once a part has been touched. Then the in-progress message
 * while the job runs; the drafts land in the calendar when it ends (even if the dialog is closed).
 * Fetched the first time Generate... is chosen.
 */
export default function GenerateDialog({
  kind,
  zone,
  onClose,
}: {
  kind: GenerateKind;
  zone: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const ids = { dates: useId(), platforms: useId() };
  const copy = COPY[kind];
  const today = todayIn(zone);
  const last = addDays(today, GENERATE_MAX_AHEAD_DAYS);
  const form = useSubmitOnlyForm<GenerateForm, GenerateInput>(
    preprocess(
      (values) => toBody(values as GenerateForm, zone),
      kind === 'blog' ? generateBlogsSchema : generatePostsSchema,
    ),
    { platforms: [], range: {}, specialInstructions: '', exclusions: '' },
  );
  const { platforms, range } = form.values;
  const job = useGenerateDrafts(kind);

  // Generate stays disabled until the form is valid; the hints below say what is missing.
  const valid = (kind === 'blog' ? generateBlogsSchema : generatePostsSchema).safeParse(
    toBody(form.values, zone),
  ).success;
  // What is missing is said once the user has been at that part of the form (changed it, or
  // left it), never on a form they have only just opened.
  const [touched, setTouched] = useState({ platforms: false, dates: false });
  const touch = (part: keyof typeof touched) => setTouched((t) => (t[part] ? t : { ...t, [part]: true }));
  const leaving = (part: keyof typeof touched) => (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) touch(part);
  };
  const missing = {
    platforms: touched.platforms && platforms.length === 0 ? calendarFormMessages.platformsRequired : undefined,
    dates: touched.dates && (!range.from || !range.to) ? generateMessages.dateRangeRequired : undefined,
  };

  const toggle = (platform: Platform, on: boolean) => {
    touch('platforms');
    form.setValue('platforms', on ? [...platforms, platform] : platforms.filter((p) => p !== platform));
  };

  const submit = form.handleSubmit((body) =>
    job.mutate(body, {
      onSuccess: (drafts) =>
        notify.success(`${drafts.created} draft${drafts.created === 1 ? '' : 's'} added to your calendar.`),
    }),
  );

  const showInCalendar = () => {
    onClose();
    if (range.from) void navigate(`/calendar/${range.from}/month/calendar`);
  };

  return (
    // While the job runs, a click beside the dialog is more likely a slip than a wish to leave: Escape and Close still close.
    <Dialog title={copy.title} onClose={onClose} closeOnBackdrop={!job.isPending} className="generate-dialog">
      {job.isIdle || job.isError ? (
        <form className="generate-form" onSubmit={(event) => void submit(event)}>
          <p className="dialog__text">
            Drafts written from your business overview, ideal customers, marketing plan, tone and voice. Nothing is
            published until you schedule it.
          </p>
          <fieldset className="generate-form__platforms" aria-describedby={ids.platforms} onBlur={leaving('platforms')}>
            <legend className="field__label">Platforms</legend>
            <div className="generate-form__checks">
              {copy.platforms.map((platform) => (
                <Checkbox
                  key={platform}
                  name="platform"
                  value={platform}
                  checked={platforms.includes(platform)}
                  onChange={(event) => toggle(platform, event.target.checked)}
                  label={
                    <span className="generate-form__platform">
                      <PlatformMark platform={platform} />
                      <span aria-hidden>{PLATFORM_LABELS[platform]}</span>
                    </span>
                  }
                />
              ))}
            </div>
            <p id={ids.platforms} className={missing.platforms ? 'field__error' : 'field__hint'}>
              {missing.platforms ?? (platforms.length ? `${platforms.length} selected` : 'Choose one or more.')}
            </p>
          </fieldset>
          <div className="generate-form__dates" onBlur={leaving('dates')}>
            <p id={ids.dates} className="field__label">
              Dates
            </p>
            <DateRangePicker
              value={range}
              onChange={(next) => {
                touch('dates');
                form.setValue('range', next);
              }}
              min={today}
              max={last}
              weekStartsOn={localeWeekStart()}
              labelledBy={ids.dates}
            />
            <p className={missing.dates && !range.from ? 'field__error' : 'field__hint'} aria-live="polite">
              {range.from && range.to
                ? `${short(range.from)} to ${short(range.to)}`
                : range.from
                  ? `From ${short(range.from)}: now choose the last day.`
                  : (missing.dates ?? 'Choose the first and the last day.')}
              {' · '}Today up to {GENERATE_MAX_AHEAD_DAYS} days ahead.
            </p>
          </div>
          <TextAreaField
            label="Special instructions (optional)"
            rows={2}
            maxLength={MAX_GENERATE_NOTE}
            placeholder="e.g. Mention our new opening hours"
            {...form.register('specialInstructions')}
          />
          <TextAreaField
            label="Exclusions (optional)"
            rows={2}
            maxLength={MAX_GENERATE_NOTE}
            placeholder="e.g. Don't mention prices"
            {...form.register('exclusions')}
          />
          {job.isError ? <Alert type="error">{errorMessage(job.error)}</Alert> : null}
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid}>
              Generate
            </Button>
          </div>
        </form>
      ) : job.isPending ? (
        <div className="generate-dialog__state">
          <JobProgress title={copy.running} step={job.step} />
          <p className="dialog__text">You can close this window: generation goes on in the background.</p>
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <div className="generate-dialog__state" role="status">
          <p className="generate-dialog__done">
            <CheckCircle2 size={20} aria-hidden /> {job.data.created} drafts added to your calendar
            {range.from && range.to ? `, ${short(range.from)} to ${short(range.to)}` : ''}.
          </p>
          <p className="dialog__text">Open a draft to edit it, then schedule it when it reads right.</p>
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button type="button" onClick={showInCalendar}>
              Show in calendar
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
