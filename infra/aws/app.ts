/** `cdk synth` / `cdk deploy` entry (cdk.json: `npx tsx infra/aws/app.ts`). */
import { buildApp } from './build-app';

buildApp({ bundle: true }).app.synth();
