import type { GenerateInput } from '@shared/schemas/calendar-generate';
import { countAiCall } from '../../core/ai/ai-limits';
import { checkGenerationWindow } from '../../core/calendar/generation-window';

/**
 * What social and blog generation both do before their job starts: the dates are checked against
 * today in the client's zone (a 422 on the field), the AI call is counted, then the job's input.
 */
export async function generationInput({
  body,
  companyId,
  user,
}: {
  body: GenerateInput;
  companyId: number;
  user: { id: number };
}) {
  checkGenerationWindow(body.from, body.to, body.zone);
  await countAiCall('calendarGeneration', companyId, user.id);
  const { platform, specialInstructions, exclusions, from, to, zone } = body;
  return { platforms: platform, specialInstructions, exclusions, from, to, zone };
}
