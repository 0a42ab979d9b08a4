import { Module } from '@nestjs/common';
import { NtfyChannel } from './ntfy.channel';

@Module({ providers: [NtfyChannel] })
export class NotifyNtfyModule {}
