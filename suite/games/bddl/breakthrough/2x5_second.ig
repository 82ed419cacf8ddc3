% Breakthrough 2x5, Black second: Black's first ply is a pass, counted in #depth.
% Depth: Shaik & van de Pol, SAT 2023, Table 2(b) (second player) plus the pass.
#boardsize
2 5
#init
(black(1,5) black(2,5) black(1,4) black(2,4) white(1,1) white(2,1) white(1,2) white(2,2))
#depth
11
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
#blackturn
second
