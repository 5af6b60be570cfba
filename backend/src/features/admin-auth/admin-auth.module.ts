import { Module } from '@nestjs/common';
import { RateLimitingModule } from '../../rate-limiting/rate-limiting.module.js';
import { AdminAccountCreation } from './admin-account-creation.js';
import { AdminCredentials } from './admin-credentials.js';
import { AdminsController } from './admins.controller.js';
import { AuthController } from './auth.controller.js';
import { BootstrapChiefService } from './bootstrap-chief.service.js';
import { LoginHandler } from './login.command.js';
import { LogoutHandler } from './logout.command.js';
import { ChangeAdminHandler } from './change-admin.command.js';
import { CreateAdminHandler } from './create-admin.command.js';
import { ListAdminsHandler } from './list-admins.query.js';

@Module({
  imports: [RateLimitingModule],
  controllers: [AuthController, AdminsController],
  providers: [
    AdminCredentials,
    AdminAccountCreation,
    LoginHandler,
    LogoutHandler,
    BootstrapChiefService,
    CreateAdminHandler,
    ChangeAdminHandler,
    ListAdminsHandler,
  ],
})
export class AdminAuthModule {}
