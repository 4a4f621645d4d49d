import { scheduleData } from '../companies/company-data';
import { companySchedulePrefix, scheduler } from '../scheduler/scheduler-port';
import { postScheduleName } from './post-schedule';

/**
 * A scheduled post's one-time schedule (`c<companyId>-post-<postId>`) goes with the company:
 * a deleted company's post must not be published when its time comes.
 */
export const postScheduleData = scheduleData({
  name: 'post publish schedules',
  prefix: (companyId) => `${companySchedulePrefix(companyId)}post-`,
  example: (companyId) =>
    scheduler().upsert({
      name: postScheduleName(companyId, 1),
      at: new Date(Date.now() + 24 * 3600_000),
      workflow: 'publish-post',
      input: { companyId, postId: 1, trigger: 'schedule' },
    }),
});
