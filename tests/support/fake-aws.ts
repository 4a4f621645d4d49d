import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * A loopback server answering the three AWS APIs whose adapters have no embeddable server:
 * SES v2 SendEmail (REST JSON), EventBridge Scheduler schedules (REST JSON) and Step Functions
 * StartExecution (JSON 1.0). It answers with the documented shapes, error types included
 * (ConflictException, ResourceNotFoundException, ExecutionAlreadyExists, MessageRejected),
 * and records what it was asked, for contract tests of the AWS adapters.
 */
export interface FakeAws {
  endpoint: string;
  mails: { from: string; to: string[]; subject: string; text: string; html: string }[];
  schedules: Map<string, { group: string; expression: string; target: { Arn: string; RoleArn: string; Input: string }; actionAfterCompletion?: string }>;
  executions: Map<string, { stateMachineArn: string; input: string }>;
  rejectNextMail(): void;
  stop(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function awsError(res: ServerResponse, status: number, type: string, message: string, json10 = false) {
  res.writeHead(status, {
    'content-type': json10 ? 'application/x-amz-json-1.0' : 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify(json10 ? { __type: type, message } : { message, Message: message }));
}

function ok(res: ServerResponse, payload: unknown, json10 = false) {
  res.writeHead(200, { 'content-type': json10 ? 'application/x-amz-json-1.0' : 'application/json', 'x-amzn-requestid': randomUUID() });
  res.end(JSON.stringify(payload));
}

export async function startFakeAws(): Promise<FakeAws> {
  const fake: Omit<FakeAws, 'endpoint' | 'stop'> & { rejectMail: boolean } = {
    mails: [],
    schedules: new Map(),
    executions: new Map(),
    rejectMail: false,
    rejectNextMail() {
      fake.rejectMail = true;
    },
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const target = req.headers['x-amz-target'];
    if (target === 'AWSStepFunctions.StartExecution') {
      const input = await body(req);
      const existing = fake.executions.get(input.name);
      if (existing && existing.input !== (input.input ?? '{}')) {
        return awsError(res, 400, 'ExecutionAlreadyExists', `Execution Already Exists: '${input.name}'`, true);
      }
      fake.executions.set(input.name, { stateMachineArn: input.stateMachineArn, input: input.input ?? '{}' });
      return ok(res, { executionArn: `${input.stateMachineArn}:${input.name}`.replace(':stateMachine:', ':execution:'), startDate: Date.now() / 1000 }, true);
    }
    if (url.pathname === '/v2/email/outbound-emails' && req.method === 'POST') {
      const input = await body(req);
      if (fake.rejectMail) {
        fake.rejectMail = false;
        return awsError(res, 400, 'MessageRejected', 'Email address is not verified.');
      }
      fake.mails.push({
        from: input.FromEmailAddress,
        to: input.Destination?.ToAddresses ?? [],
        subject: input.Content?.Simple?.Subject?.Data,
        text: input.Content?.Simple?.Body?.Text?.Data,
        html: input.Content?.Simple?.Body?.Html?.Data,
      });
      return ok(res, { MessageId: randomUUID() });
    }
    const schedule = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (schedule) {
      const name = decodeURIComponent(schedule[1]);
      if (req.method === 'POST' || req.method === 'PUT') {
        const input = await body(req);
        const exists = fake.schedules.has(name);
        if (req.method === 'POST' && exists) return awsError(res, 409, 'ConflictException', `Schedule ${name} already exists.`);
        if (req.method === 'PUT' && !exists) return awsError(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        fake.schedules.set(name, {
          group: input.GroupName ?? 'default',
          expression: input.ScheduleExpression,
          target: input.Target,
          actionAfterCompletion: input.ActionAfterCompletion,
        });
        return ok(res, { ScheduleArn: `arn:aws:scheduler:us-east-1:000000000000:schedule/${input.GroupName ?? 'default'}/${name}` });
      }
      if (req.method === 'DELETE') {
        if (!fake.schedules.delete(name)) return awsError(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        return ok(res, {});
      }
    }
    awsError(res, 404, 'UnknownOperationException', `${req.method} ${url.pathname}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
  });
}
