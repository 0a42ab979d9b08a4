import { Module } from '@nestjs/common';
import { MongodbCheckRunner } from './mongodb.runner';

@Module({ providers: [MongodbCheckRunner] })
export class CheckMongodbModule {}
