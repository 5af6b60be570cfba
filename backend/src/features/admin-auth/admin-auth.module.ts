import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { BootstrapChiefService } from './bootstrap-chief.service.js';
import { LoginHandler } from './login.command.js';
import { LogoutHandler } from './logout.command.js';

@Module({
  controllers: [AuthController],
  providers: [LoginHandler, LogoutHandler, BootstrapChiefService],
})
export class AdminAuthModule {}
