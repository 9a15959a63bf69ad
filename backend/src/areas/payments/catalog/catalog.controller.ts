import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  CouponCheckQuery,
  CouponRequest,
  CouponUpdateRequest,
  EntityId,
  ProductRequest,
  type CouponCheckResponse,
  type CouponView,
  type ProductView,
  type PublicProduct,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { clientKey } from '../../../platform/security/rate-limits';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { CatalogService } from './catalog.service';

/** the admin keeps the products on sale and the coupons */
@Controller('api/admin')
@Roles('admin')
export class AdminCatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('products')
  products(): Promise<ProductView[]> {
    return this.catalog.listProducts();
  }

  @Post('products')
  @HttpCode(201)
  createProduct(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ProductView> {
    return this.catalog.createProduct(parseInput(ProductRequest, body), metadataFor(req, user));
  }

  @Put('products/:id')
  updateProduct(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ProductView> {
    const productId = parseInput(EntityId, id);
    return this.catalog.updateProduct(productId, parseInput(ProductRequest, body), metadataFor(req, user));
  }

  @Get('coupons')
  coupons(): Promise<CouponView[]> {
    return this.catalog.listCoupons();
  }

  @Post('coupons')
  @HttpCode(201)
  createCoupon(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<CouponView> {
    return this.catalog.createCoupon(parseInput(CouponRequest, body), metadataFor(req, user));
  }

  @Put('coupons/:code')
  updateCoupon(@Param('code') code: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<CouponView> {
    return this.catalog.updateCoupon(code, parseInput(CouponUpdateRequest, body), metadataFor(req, user));
  }
}

/** public: a visitor sees what can be bought */
@Controller('api/products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  list(): Promise<PublicProduct[]> {
    return this.catalog.activeProducts();
  }
}

/** public: the payment page checks a coupon before paying */
@Controller('pagamenti')
export class CouponCheckController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('coupon')
  check(@Query() query: unknown, @Req() req: Request): Promise<CouponCheckResponse> {
    return this.catalog.check(parseInput(CouponCheckQuery, query).coupon, clientKey(req));
  }
}
