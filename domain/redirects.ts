/**
 * Where each address the pages link to, but no page of its own serves, is answered
 * (permanently): the page that does the same job.
 */
export const REDIRECTS: Record<string, string> = {
  "/deals": "/offers",
  "/savings": "/offers",
  "/complaint": "/complaints",
  "/support": "/contact",
  "/consumer-policy": "/tcf",
  "/finance-options": "/finance-info#options",
  "/valuation": "/part-exchange",
  "/browse-stock": "/vehicles",
  "/stock": "/vehicles",
  "/expert-reviews": "/articles",
  "/cars/reviews": "/articles#cars",
  "/vans/reviews": "/articles#vans",
  "/awards": "/about",
  "/pricing": "/finance-prices",
  "/electric-vehicles": "/car-search?fuelType=Electric",
  "/leasing-info": "/leasing",
  "/leasing-articles": "/articles#leasing",
};
