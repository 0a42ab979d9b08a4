import { Module } from '@nestjs/common';
import { RedisCheckRunner } from './redis.runner';

@Module({ providers: [RedisCheckRunner] })
export class CheckRedisModule {}
