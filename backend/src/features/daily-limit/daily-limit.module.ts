import { Module } from '@nestjs/common';
import { DailyLimitController } from './daily-limit.controller.js';
import { GetDailyLimitHandler } from './get-daily-limit.query.js';

@Module({ controllers: [DailyLimitController], providers: [GetDailyLimitHandler] })
export class DailyLimitModule {}
