import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVER_ERRORS_METRIC } from '../../../functions/core/metric-names';
import { pascalCase } from '../names';

export interface AlarmsProps {
  api: apigw.IHttpApi;
  areas: ReadonlyMap<string, lambda.IFunction>;
  workers: ReadonlyMap<string, lambda.IFunction>;
  stateMachines: ReadonlyMap<string, sfn.IStateMachine>;
  /** Subscribed to the topic by email; without it, subscribe whatever pages you (chat, on-call). */
  email?: string;
}

const PERIOD = Duration.minutes(5);

/**
 * What an operator must hear about, all sent to one SNS topic: the API answering 5xx (as a
 * whole and per area, from the areas' own metric), any function throttled or failing, and any
 * workflow execution that failed or timed out. Missing data is not breaching: no traffic is
 * not an incident.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Marketing automation alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));

    this.add(
      'Api5xx',
      'The HTTP API answered 5xx',
      props.api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      5,
    );

    for (const [area, fn] of props.areas) {
      const serverErrors = new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: SERVER_ERRORS_METRIC,
        dimensionsMap: { service: area },
        period: PERIOD,
        statistic: 'Sum',
      });
      this.add(`${pascalCase(area)}ServerErrors`, `/api/${area} answered 5xx`, serverErrors, 5);
      this.functionAlarms(area, fn);
    }
    for (const [worker, fn] of props.workers) this.functionAlarms(worker, fn);

    for (const [name, machine] of props.stateMachines) {
      const id = `${pascalCase(name)}Workflow`;
      this.add(
        `${id}Failed`,
        `${name} executions failed`,
        machine.metricFailed({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
      this.add(
        `${id}TimedOut`,
        `${name} executions timed out`,
        machine.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
    }
  }

  private functionAlarms(name: string, fn: lambda.IFunction) {
    const id = pascalCase(name);
    this.add(
      `${id}Throttles`,
      `Lambda ${name} was throttled`,
      fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
      1,
    );
    // Errors here are invocations that threw: an area answers its own errors, so any is a bug;
    // workers throw transient errors that Step Functions retries, hence a few are tolerated.
    this.add(
      `${id}Errors`,
      `Lambda ${name} invocations failed`,
      fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      3,
    );
  }

  private add(id: string, description: string, metric: cloudwatch.IMetric, threshold: number) {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
