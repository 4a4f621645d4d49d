import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

/**
 * EventBridge Scheduler plumbing for one-time `at(...)` schedules (one per scheduled post),
 * created at run time by functions/core/scheduler. The app's schedules live in their own group
 * so the API's permissions can be scoped to it; the role is what Scheduler assumes to start
 * the workflow when a schedule fires.
 */
export class PostScheduler extends Construct {
  readonly group: scheduler.CfnScheduleGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new scheduler.CfnScheduleGroup(this, 'Group', {
      name: `${stack.stackName}-schedules`.slice(0, 64),
    });
    this.role = new iam.Role(this, 'Role', {
      description: 'Assumed by EventBridge Scheduler to start workflows when a schedule fires',
      // Confused-deputy guard: only this group's schedules may assume the role.
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account, 'aws:SourceArn': this.group.attrArn } },
      }),
    });
  }

  /**
   * What schedules may start (every workflow). Granted once the state machines exist: the group
   * and role come first, so that the workers those state machines invoke can be given them.
   */
  allowStarting(stateMachines: Iterable<sfn.IStateMachine>) {
    for (const machine of stateMachines) machine.grantStartExecution(this.role);
  }

  /** The schedule group's name (CloudFormation's Ref of a schedule group is its name). */
  get groupName(): string {
    return this.group.ref;
  }

  /** Lets a function create, move, read, list and delete schedules in this group, with this role. */
  grantManageSchedules(grantee: iam.IGrantable) {
    const stack = Stack.of(this);
    // Listing (a company's schedules by name prefix, when the company is deleted) has no
    // resource-level permission in IAM.
    iam.Grant.addToPrincipal({ grantee, actions: ['scheduler:ListSchedules'], resourceArns: ['*'] });
    iam.Grant.addToPrincipal({
      grantee,
      actions: [
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'scheduler:GetSchedule',
      ],
      resourceArns: [
        stack.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${this.groupName}/*`,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    });
    // CreateSchedule/UpdateSchedule pass the role to Scheduler; nothing else may receive it.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
}
