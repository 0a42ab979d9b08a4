import { Module } from '@nestjs/common';
import { HttpAction } from './http.action';

@Module({ providers: [HttpAction] })
export class ActionHttpModule {}
