% Breakthrough 3x5, Black first. Depth: Shaik & van de Pol, SAT 2023, Table 2(b).
#boardsize
3 5
#init
(black(1,5) black(2,5) black(3,5) black(1,4) black(2,4) black(3,4) white(1,1) white(2,1) white(3,1) white(1,2) white(2,2) white(3,2))
#depth
11
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
