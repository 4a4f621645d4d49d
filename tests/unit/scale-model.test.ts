import { describe, expect, it } from 'vitest';
import { areaOfPath } from '../../functions/api/areas';
import { WORKFLOWS } from '../../functions/core/workflows';
import { auditScenario, readWorkflow, SCENARIOS, statesEntered, transitions } from '../../infra/scale/asl-paths';
import { operations } from '../../infra/scale/access-patterns';
import { companyDay, loadPrices, monthlyBill, readUnits, writeUnits } from '../../infra/scale/model';
import { DEFAULT_PROFILE, MEDIA_UPLOAD, POST_GROUP, SIGN_IN_VISIT } from '../../infra/scale/profile';

/**
 * The load model's inputs come from the code: the state paths from the ASL files, the API calls
 * from the area registry. These fail when the code moves under the model, not silently later.
 */
describe('the load and cost model', () => {
  it('walks the deployed state machines: a direct publish, a container publish, a job, an audit', () => {
    expect(statesEntered(readWorkflow('publish-post'), [...SCENARIOS.publishDirect.choices])).toEqual([
      'Start',
      'Route',
      'Published',
    ]);
    expect(statesEntered(readWorkflow('publish-post'), [...SCENARIOS.publishContainer.choices])).toEqual([
      'Start',
      'Route',
      'Advance',
      'Route',
      'WaitForPlatform',
      'Advance',
      'Route',
      'Send',
      'Route',
      'Published',
    ]);
    expect(statesEntered(readWorkflow('run-job'), [{ '$.kind': 'metrics-collect' }])).toEqual([
      'Route',
      'RunPlatforms',
      'RecordSuccess',
    ]);
    // Each crawl batch is a Crawl and its Choice; the last goes to Finish.
    expect(transitions(auditScenario(1))).toBe(3);
    expect(transitions(auditScenario(4))).toBe(9);
    for (const name of WORKFLOWS) expect(readWorkflow(name).States[readWorkflow(name).StartAt]).toBeDefined();
  });

  it('fails loudly on a scenario the state machine cannot take', () => {
    expect(() => statesEntered(readWorkflow('publish-post'), [])).toThrow(/no input left/);
    expect(() => statesEntered(readWorkflow('run-job'), [{ '$.kind': 'metrics-collect' }, { '$.x': 'y' }])).toThrow(
      /never used/,
    );
  });

  it("names each API call's area as the registry routes it", () => {
    for (const call of [...SIGN_IN_VISIT, ...MEDIA_UPLOAD, ...POST_GROUP])
      expect(areaOfPath(call.path.split('?')[0]!), call.path).toBe(call.area);
  });

  it('counts units as DynamoDB bills them', () => {
    expect(writeUnits(800)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(readUnits(800)).toBe(0.5);
    expect(readUnits(800, true)).toBe(1);
    expect(readUnits(5000)).toBe(1);
  });

  it('scales a day with the profile and a bill with the fleet', () => {
    const day = companyDay(DEFAULT_PROFILE);
    const twice = companyDay({ ...DEFAULT_PROFILE, postGroups: DEFAULT_PROFILE.postGroups * 2 });
    const publish = operations(DEFAULT_PROFILE).find((o) => o.name === 'post published')!;
    const publishes = DEFAULT_PROFILE.postGroups * DEFAULT_PROFILE.platforms.length;
    expect(twice.transitions - day.transitions).toBeCloseTo(publishes * publish.transitions);
    expect(twice.schedulerInvocations - day.schedulerInvocations).toBe(publishes);
    const prices = loadPrices();
    const small = monthlyBill(1_000, DEFAULT_PROFILE, prices);
    const large = monthlyBill(10_000, DEFAULT_PROFILE, prices);
    // Linear in companies past the fixed sweepers.
    expect(large.stepFunctions).toBeCloseTo(small.stepFunctions * 10, 6);
    expect(large.total).toBeGreaterThan(small.total * 9);
  });

  it('keeps its prices with their date and source', () => {
    const prices = loadPrices();
    expect(prices.asOf).toMatch(/^\d{4}-\d{2}/);
    expect(prices.source).toMatch(/^https:\/\/aws\.amazon\.com\//);
    expect(prices.region).toBe('us-east-1');
  });
});
