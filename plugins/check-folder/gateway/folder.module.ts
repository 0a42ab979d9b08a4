import { Module } from '@nestjs/common';
import { FolderCheckRunner } from './folder.runner';

@Module({ providers: [FolderCheckRunner] })
export class CheckFolderModule {}
