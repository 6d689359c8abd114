-- Where and when a branch serves (decision 032): its delivery area, its opening hours in its own time zone, whether it
-- takes delivery orders at all, and whether it is closed to shoppers (it cannot be chosen).
-- Area: the polygon when given (JSON [[latitude, longitude], ...]), else the circle of delivery_radius_metres around
-- the branch's position; neither: as far as its delivery slabs reach.
ALTER TABLE branches ADD COLUMN delivery_radius_metres INTEGER CHECK (delivery_radius_metres IS NULL OR delivery_radius_metres > 0);
ALTER TABLE branches ADD COLUMN delivery_area_json TEXT;
-- JSON {"mon": [["11:00", "23:00"]], ...}; null: open at all hours. Closing times past midnight belong to the day opened.
ALTER TABLE branches ADD COLUMN opening_hours_json TEXT;
ALTER TABLE branches ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE branches ADD COLUMN takes_delivery INTEGER NOT NULL DEFAULT 1 CHECK (takes_delivery IN (0, 1));
ALTER TABLE branches ADD COLUMN closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1));
