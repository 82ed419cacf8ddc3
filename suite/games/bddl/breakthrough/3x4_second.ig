% Breakthrough 3x4, Black second: Black's first ply is a pass, counted in #depth.
% Depth: Shaik & van de Pol, SAT 2023, Table 2(b) (second player) plus the pass.
#boardsize
3 4
#init
(black(1,4) black(2,4) black(3,4) black(1,3) black(2,3) black(3,3) white(1,1) white(2,1) white(3,1) white(1,2) white(2,2) white(3,2))
#depth
13
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
#blackturn
second
