import { Module } from '@nestjs/common';
import { CollegesController } from './colleges.controller.js';
import { ListChatRoomsHandler, ListCollegesHandler } from './colleges.queries.js';
import { ManageRoomHandler } from './manage-rooms.command.js';
import { RegisterCollegeHandler } from './register-college.command.js';
import { SeedDemoCollegesService } from './seed-demo-colleges.service.js';

@Module({
  controllers: [CollegesController],
  providers: [
    ListCollegesHandler,
    ListChatRoomsHandler,
    RegisterCollegeHandler,
    ManageRoomHandler,
    SeedDemoCollegesService,
  ],
})
export class CollegesModule {}
