import { Module } from '@nestjs/common';
import { HttpCheckRunner } from './http.runner';

@Module({ providers: [HttpCheckRunner] })
export class CheckHttpModule {}
