import { Module } from '@nestjs/common';
import { UsersResources } from './users.resources';

/** The Users and teams area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [UsersResources] })
export class UsersModule {}
