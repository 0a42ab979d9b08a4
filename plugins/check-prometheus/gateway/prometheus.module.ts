import { Module } from '@nestjs/common';
import { PrometheusCheckRunner } from './prometheus.runner';

@Module({ providers: [PrometheusCheckRunner] })
export class CheckPrometheusModule {}
