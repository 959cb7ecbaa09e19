import OrderModel
