import { Module } from '@nestjs/common';
import { PlaybookAction } from './playbook.action';

@Module({ providers: [PlaybookAction] })
export class ActionPlaybookModule {}
