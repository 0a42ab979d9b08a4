import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersResources } from './users.resources';
import { UsersService } from './users.service';

/** Users and teams (spec 03): /api/users, and people, roles and teams on the data API. */
@Module({ controllers: [UsersController], providers: [UsersService, UsersResources] })
export class UsersModule {}
