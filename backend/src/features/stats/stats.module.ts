import { Module } from '@nestjs/common';
import { KnownColleges } from '../../common/known-colleges.js';
import { StatsController } from './stats.controller.js';

@Module({ controllers: [StatsController], providers: [KnownColleges] })
export class StatsModule {}
