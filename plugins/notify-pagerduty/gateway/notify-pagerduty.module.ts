import { Module } from '@nestjs/common';
import { PagerDutyChannel } from './pagerduty.channel';

@Module({ providers: [PagerDutyChannel] })
export class NotifyPagerdutyModule {}
