import { Module } from '@nestjs/common';
import { DailyLimitController } from './daily-limit.controller.js';
import { GetDailyLimitHandler } from './daily-limit.query.js';

@Module({ controllers: [DailyLimitController], providers: [GetDailyLimitHandler] })
export class DailyLimitModule {}
