import { Module } from '@nestjs/common';
import { FileLogBackend } from './file-log-backend';

@Module({ providers: [FileLogBackend] })
export class LogsFileModule {}
